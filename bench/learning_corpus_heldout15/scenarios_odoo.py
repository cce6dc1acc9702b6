"""Sessions in `stock-odoo` (/home/nat/work/stock-odoo): the Odoo 17 Community instance of a Bangkok distributor
of kitchen equipment, with its custom addon warehouse_qc (quality checks on receipts) under addons/. Odoo and
PostgreSQL 15 run in Docker Compose (services odoo and db); the working tree's addons/ is bind-mounted at
/mnt/extra-addons; a local clone of Odoo 17.0 sits in /home/nat/src/odoo for reading the core code. Tests are
TransactionCase / HttpCase (a tour) run with `odoo --test-enable --test-tags /warehouse_qc --stop-after-init`."""

from __future__ import annotations

from fake_output import ODOO, git_commit, odoo_test_log
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

STALE = "stale-addon-copy"
COMPANY = "qc-company-missing"


def odoo(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ODOO, project="stock-odoo")


RUN = "docker compose run --rm odoo odoo"
TEST = f"{RUN} -d stock_test -u warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init"
UPGRADE_DEV = f"{RUN} -d stock_dev -u warehouse_qc --stop-after-init"

QC_MODEL = """from odoo import _, api, fields, models
from odoo.exceptions import UserError


class QcCheck(models.Model):
    _name = "warehouse.qc.check"
    _description = "QC Check"
    _inherit = ["mail.thread"]
    _order = "id desc"

    name = fields.Char(string="Reference", default="New", readonly=True, copy=False)
    picking_id = fields.Many2one("stock.picking", string="Receipt", required=True, ondelete="cascade")
    product_id = fields.Many2one("product.product", string="Product", required=True)
    qty_checked = fields.Float(string="Checked Quantity", digits="Product Unit of Measure")
    result = fields.Selection([("pending", "Pending"), ("pass", "Pass"), ("fail", "Fail")], default="pending")
    note = fields.Text(string="Note")
"""

MANIFEST_0303 = """{
    "name": "Warehouse QC",
    "version": "17.0.1.0.0",
    "category": "Inventory",
    "summary": "Quality checks on receipts",
    "depends": ["stock"],
    "data": [
        "security/qc_security.xml",
        "security/ir.model.access.csv",
        "views/qc_check_views.xml",
        "views/stock_picking_views.xml",
    ],
    "assets": {
        "web.assets_tests": ["warehouse_qc/static/tests/tours/*.js"],
    },
    "license": "LGPL-3",
    "installable": True,
}"""

TOUR_FAIL = (
    "odoo.addons.warehouse_qc.tests.test_qc_tour: FAIL: TestQcTour.test_qc_tour_receipt\n"
    "Traceback (most recent call last):\n"
    '  File "/mnt/extra-addons/warehouse_qc/tests/test_qc_tour.py", line 31, in test_qc_tour_receipt\n'
    '    self.start_tour("/web", "warehouse_qc_tour", login="qc_user")\n'
    '  File "/usr/lib/python3/dist-packages/odoo/tests/common.py", line 2051, in start_tour\n'
    "    return self.browser_js(url_path=url_path, code=code, ready=ready, timeout=timeout, **kwargs)\n"
    '  File "/usr/lib/python3/dist-packages/odoo/tests/common.py", line 2003, in browser_js\n'
    "    self.fail('%s\\n\\n%s' % (message, error))\n"
    "AssertionError: The test code \"odoo.startTour('warehouse_qc_tour', {stepDelay: 0, keepWatchBrowser: false, "
    "debug: false, startUrl: '/web'})\" failed\n\n"
    "Tour warehouse_qc_tour failed at step .o_data_row:contains('QC/0007') (trigger: .o_data_row:contains('QC/0007'))\n"
    "Element (.o_data_row:contains('QC/0007')) has not been found."
)


# ------------------------------------------------------------------------------------------------------------------
def o01_qc_model() -> Session:
    s = odoo("o01-qc-model", "2027-03-01T02:10:14", "2.1.190", "feature/qc-check", "calm-silom-gecko")
    s.user(
        "สวัสดีครับ เริ่ม addon ใหม่ warehouse_qc สำหรับตรวจของตอนรับเข้า ช่วยสร้าง model warehouse.qc.check "
        "มี field picking_id, product_id, qty_checked, result (pending/pass/fail), note แล้วก็ list กับ form view "
        "ด้วยครับ ต่อไปนี้ทุก model ใหม่ต้องมีบรรทัดใน ir.model.access.csv ทั้ง group user และ manager นะ\n\n"
        "Also, we decided to stay on Odoo 17 Community, no Enterprise modules, so don't depend on quality_control.",
        after=0,
        rules=[("access-csv", "ทุก model ใหม่ต้องมีบรรทัดใน ir.model.access.csv ทั้ง group user และ manager")],
        decisions=["we decided to stay on Odoo 17 Community, no Enterprise modules"],
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/__manifest__.py",
            '{\n    "name": "Warehouse QC",\n    "version": "17.0.1.0.0",\n    "category": "Inventory",\n'
            '    "depends": ["stock"],\n    "data": [],\n    "license": "LGPL-3",\n    "installable": True,\n}',
        ),
    )
    s.act(
        "I'll add the model, its views, the access rules for both stock groups and a first TransactionCase.",
        Write("addons/warehouse_qc/models/qc_check.py", QC_MODEL),
        Write(
            "addons/warehouse_qc/security/ir.model.access.csv",
            "id,name,model_id:id,group_id:id,perm_read,perm_write,perm_create,perm_unlink\n"
            "access_warehouse_qc_check_user,warehouse.qc.check user,model_warehouse_qc_check,stock.group_stock_user,1,1,1,0\n"
            "access_warehouse_qc_check_manager,warehouse.qc.check manager,model_warehouse_qc_check,stock.group_stock_manager,1,1,1,1\n",
        ),
        Write(
            "addons/warehouse_qc/views/qc_check_views.xml",
            '<?xml version="1.0" encoding="utf-8"?>\n<odoo>\n    <record id="view_qc_check_tree" model="ir.ui.view">\n'
            '        <field name="name">warehouse.qc.check.tree</field>\n        <field name="model">warehouse.qc.check</field>\n'
            '        <field name="arch" type="xml">\n            <tree>\n                <field name="name"/>\n'
            '                <field name="picking_id"/>\n                <field name="product_id"/>\n'
            '                <field name="qty_checked"/>\n                <field name="result" widget="badge"/>\n'
            "            </tree>\n        </field>\n    </record>\n"
            '    <record id="action_qc_check" model="ir.actions.act_window">\n        <field name="name">QC Checks</field>\n'
            '        <field name="res_model">warehouse.qc.check</field>\n        <field name="view_mode">tree,form</field>\n'
            "    </record>\n"
            '    <menuitem id="menu_qc_check" name="QC Checks" parent="stock.menu_stock_warehouse_mgmt" '
            'action="action_qc_check" sequence="30"/>\n</odoo>\n',
        ),
        Write(
            "addons/warehouse_qc/tests/test_qc_check.py",
            'from odoo.tests import TransactionCase, tagged\n\n\n@tagged("post_install", "-at_install")\n'
            "class TestQcCheck(TransactionCase):\n    @classmethod\n    def setUpClass(cls):\n        super().setUpClass()\n"
            '        cls.picking = cls.env["stock.picking"].create({\n'
            '            "picking_type_id": cls.env.ref("stock.picking_type_in").id,\n'
            '            "location_id": cls.env.ref("stock.stock_location_suppliers").id,\n'
            '            "location_dest_id": cls.env.ref("stock.stock_location_stock").id,\n        })\n\n'
            "    def test_default_result_is_pending(self):\n"
            '        check = self.env["warehouse.qc.check"].create({"picking_id": self.picking.id, '
            '"product_id": self.env.ref("product.product_product_6").id})\n'
            '        self.assertEqual(check.result, "pending")\n',
        ),
        Edit(
            "addons/warehouse_qc/__manifest__.py",
            '    "data": [],',
            '    "data": [\n        "security/ir.model.access.csv",\n        "views/qc_check_views.xml",\n    ],',
        ),
    )
    s.act(
        None,
        Bash(
            f"{RUN} -d stock_test -i warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init",
            odoo_test_log("2027-03-01 02:14:52,307", 3, modules=63),
            desc="Install warehouse_qc with its tests",
            secs=48,
        ),
    )
    s.say(
        "warehouse.qc.check is in place with list/form views under Inventory › Operations › QC Checks, access "
        "lines for stock user (no delete) and stock manager, and no Enterprise dependency. Installed on stock_test: "
        "3 tests, 0 failed."
    )
    s.user("great, thanks")
    s.outcome("success", "QC check model, views and access rules installed; tests pass; the person is happy")
    return s


def o02_picking_button() -> Session:
    s = odoo("o02-picking-button", "2027-03-01T08:40:37", "2.1.190", "feature/qc-check", "brave-ari-otter")
    s.user(
        "ใน form ของ stock.picking อยากได้ปุ่ม Create QC ข้างปุ่ม Validate แล้วก็ field qc_required ใต้ Source Document ครับ",
        after=0,
    )
    s.act(
        None,
        Read(
            "/home/nat/src/odoo/addons/stock/views/stock_picking_views.xml",
            '                    <field name="origin" placeholder="e.g. PO0032"/>\n'
            '                    <field name="owner_id" groups="stock.group_tracking_owner"/>',
            offset=356,
            limit=2,
            total=742,
        ),
    )
    s.act(
        "I'll add the field right after origin in the picking form.",
        Denied(
            Edit(
                "/home/nat/src/odoo/addons/stock/views/stock_picking_views.xml",
                '                    <field name="origin" placeholder="e.g. PO0032"/>',
                '                    <field name="origin" placeholder="e.g. PO0032"/>\n'
                '                    <field name="qc_required"/>',
            )
        ),
    )
    s.user(
        "ห้ามแก้ไฟล์ใน odoo core เด็ดขาด ให้ inherit ด้วย xpath เท่านั้น ไฟล์ใน ~/src/odoo มีไว้อ่านอย่างเดียว",
        rules=[("no-core-edit", "ห้ามแก้ไฟล์ใน odoo core เด็ดขาด ให้ inherit ด้วย xpath เท่านั้น")],
    )
    s.act(
        "Understood, an inherited view in warehouse_qc instead.",
        Write(
            "addons/warehouse_qc/views/stock_picking_views.xml",
            '<?xml version="1.0" encoding="utf-8"?>\n<odoo>\n'
            '    <record id="view_picking_form_inherit_qc" model="ir.ui.view">\n'
            '        <field name="name">stock.picking.form.inherit.qc</field>\n'
            '        <field name="model">stock.picking</field>\n'
            '        <field name="inherit_id" ref="stock.view_picking_form"/>\n'
            '        <field name="arch" type="xml">\n'
            '            <xpath expr="//button[@name=\'button_validate\']" position="after">\n'
            '                <button name="action_create_qc" type="object" string="Create QC" '
            "invisible=\"state not in ('assigned', 'done')\"/>\n"
            "            </xpath>\n"
            '            <xpath expr="//field[@name=\'partner_ref\']" position="after">\n'
            '                <field name="qc_required"/>\n'
            "            </xpath>\n        </field>\n    </record>\n</odoo>\n",
        ),
        Write(
            "addons/warehouse_qc/models/stock_picking.py",
            "from odoo import fields, models\n\n\nclass StockPicking(models.Model):\n"
            '    _inherit = "stock.picking"\n\n    qc_required = fields.Boolean(string="QC Required")\n\n'
            "    def action_create_qc(self):\n        self.ensure_one()\n"
            '        checks = self.env["warehouse.qc.check"].create(\n'
            '            [{"picking_id": self.id, "product_id": m.product_id.id} for m in self.move_ids]\n        )\n'
            '        return {"type": "ir.actions.act_window", "res_model": "warehouse.qc.check", '
            '"view_mode": "tree,form", "domain": [("id", "in", checks.ids)]}\n',
        ),
    )
    s.act(
        None,
        Bash(
            UPGRADE_DEV,
            "2027-03-01 08:43:20,118 1 INFO stock_dev odoo.modules.loading: loading 63 modules...\n"
            "2027-03-01 08:43:20,940 1 INFO stock_dev odoo.modules.loading: Loading module warehouse_qc (63/63)\n"
            "2027-03-01 08:43:21,377 1 INFO stock_dev odoo.modules.loading: loading warehouse_qc/views/stock_picking_views.xml\n"
            "2027-03-01 08:43:21,502 1 ERROR stock_dev odoo.modules.registry: Failed to load registry\n"
            "2027-03-01 08:43:21,503 1 CRITICAL stock_dev odoo.service.server: Failed to initialize database `stock_dev`.\n"
            "Traceback (most recent call last):\n"
            "  ...\n"
            "odoo.tools.convert.ParseError: while parsing /mnt/extra-addons/warehouse_qc/views/stock_picking_views.xml:3\n"
            "Error while validating view near:\n\n"
            '<form string="Transfer" js_class="picking_form">\n'
            "                <header>\n"
            '                    <button name="action_confirm" invisible="state != \'draft\'" string="Mark as To Do"/>\n\n'
            "Element '<xpath expr=\"//field[@name=&#39;partner_ref&#39;]\">' cannot be located in parent view\n\n"
            "View error context:\n"
            "{'file': '/mnt/extra-addons/warehouse_qc/views/stock_picking_views.xml',\n"
            " 'line': 1,\n"
            " 'name': 'stock.picking.form.inherit.qc',\n"
            " 'view': ir.ui.view(1847,),\n"
            " 'view.model': 'stock.picking',\n"
            " 'view.parent': ir.ui.view(409,),\n"
            " 'xmlid': 'view_picking_form_inherit_qc'}",
            code=255,
            desc="Upgrade warehouse_qc on stock_dev",
            secs=25,
        ),
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/__manifest__.py",
            '{\n    "name": "Warehouse QC",\n    "version": "17.0.1.0.0",\n    "category": "Inventory",\n'
            '    "depends": ["stock"],\n    "data": [\n        "security/ir.model.access.csv",\n'
            '        "views/qc_check_views.xml",\n    ],\n    "license": "LGPL-3",\n    "installable": True,\n}',
        ),
    )
    s.act(
        "stock.picking has no partner_ref (that is on purchase.order); the Source Document field is origin.",
        Edit(
            "addons/warehouse_qc/views/stock_picking_views.xml",
            '            <xpath expr="//field[@name=\'partner_ref\']" position="after">',
            '            <xpath expr="//field[@name=\'origin\']" position="after">',
        ),
        Edit(
            "addons/warehouse_qc/__manifest__.py",
            '        "views/qc_check_views.xml",',
            '        "views/qc_check_views.xml",\n        "views/stock_picking_views.xml",',
        ),
    )
    s.act(
        None,
        Bash(
            UPGRADE_DEV,
            "2027-03-01 08:45:02,664 1 INFO stock_dev odoo.modules.loading: loading 63 modules...\n"
            "2027-03-01 08:45:03,471 1 INFO stock_dev odoo.modules.loading: Loading module warehouse_qc (63/63)\n"
            "2027-03-01 08:45:03,903 1 INFO stock_dev odoo.modules.loading: loading warehouse_qc/views/stock_picking_views.xml\n"
            "2027-03-01 08:45:04,215 1 INFO stock_dev odoo.modules.loading: 63 modules loaded in 1.56s, 388 queries (+388 extra)\n"
            "2027-03-01 08:45:04,602 1 INFO stock_dev odoo.modules.loading: Modules loaded.",
            desc="Upgrade warehouse_qc on stock_dev",
            secs=24,
        ),
    )
    s.say(
        "The button and the field come from an inherited view now (xpath on button_validate and on origin); "
        "warehouse_qc upgrades cleanly on stock_dev. Reload a receipt to see them."
    )
    s.user("ok works 👍")
    s.outcome("success", "Create QC button and qc_required added through an inherited view; ParseError fixed")
    s.one_off("Odoo ParseError: xpath //field[@name='partner_ref'] cannot be located in the stock.picking form")
    return s


def o05_barcode_dockerfile() -> Session:
    s = odoo("o05-barcode-dockerfile", "2027-03-03T03:05:48", "2.1.191", "feature/qc-label", "quiet-thonglor-ibis")
    s.user(
        "QC label ต้องมี barcode ของเลข QC ครับ ใช้ python-barcode ได้ไหม image odoo:17.0 ไม่มี lib นี้ "
        "ช่วยทำ Dockerfile ที่ใช้ได้ทั้งตอน dev และตอน deploy staging (staging ไม่มี bind mount) ด้วย",
        after=0,
    )
    s.act(
        None,
        Read(
            "config/odoo.conf",
            "[options]\naddons_path = /mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons\n"
            "data_dir = /var/lib/odoo\ndb_host = db\ndb_user = odoo\ndb_password = odoo\nlist_db = True",
        ),
        Read(
            "docker-compose.yml",
            'services:\n  odoo:\n    image: odoo:17.0\n    depends_on: [db]\n    ports: ["8069:8069"]\n'
            "    volumes:\n      - ./addons:/mnt/extra-addons\n      - ./config:/etc/odoo\n      - odoo-data:/var/lib/odoo\n"
            "  db:\n    image: postgres:15\n    environment:\n      POSTGRES_USER: odoo\n      POSTGRES_PASSWORD: odoo\n"
            "      POSTGRES_DB: postgres\n    volumes:\n      - db-data:/var/lib/postgresql/data\n"
            "volumes:\n  odoo-data:\n  db-data:",
        ),
    )
    s.act(
        "The image gets the library and, for staging, a copy of the addons in /opt/odoo/custom; odoo.conf lists "
        "that path so the same config works on both.",
        Write(
            "Dockerfile",
            "FROM odoo:17.0\nUSER root\nRUN pip3 install --no-cache-dir --break-system-packages python-barcode==0.15.1\n"
            "COPY addons/ /opt/odoo/custom/\nUSER odoo\n",
        ),
        Edit(
            "config/odoo.conf",
            "addons_path = /mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
            "addons_path = /opt/odoo/custom,/mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
        ),
        Edit("docker-compose.yml", "    image: odoo:17.0", "    build: .\n    image: stock-odoo:17.0"),
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/models/qc_check.py",
            '    note = fields.Text(string="Note")',
            '    note = fields.Text(string="Note")\n    label_barcode = fields.Binary(compute="_compute_label_barcode")\n\n'
            '    @api.depends("name")\n    def _compute_label_barcode(self):\n'
            '        for rec in self:\n            if rec.name == "New":\n                rec.label_barcode = False\n'
            "                continue\n            buf = io.BytesIO()\n"
            "            Code128(rec.name, writer=ImageWriter()).write(buf)\n"
            "            rec.label_barcode = base64.b64encode(buf.getvalue())",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose build odoo && docker compose exec db dropdb -U odoo --if-exists stock_test && "
            f"{RUN} -d stock_test -i warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init",
            "[+] Building 41.7s (8/8) FINISHED                                 docker:default\n"
            " => [1/3] FROM docker.io/library/odoo:17.0@sha256:5b0c1d7e                   0.0s\n"
            " => [2/3] RUN pip3 install --no-cache-dir --break-system-packages python-barcode==0.15.1   9.8s\n"
            " => [3/3] COPY addons/ /opt/odoo/custom/                                      0.2s\n"
            " => exporting to image                                                       0.4s\n"
            " => => naming to docker.io/library/stock-odoo:17.0                          0.0s\n"
            + odoo_test_log("2027-03-03 03:10:41,552", 9, modules=64),
            desc="Build the image, recreate stock_test, run the tests",
            secs=95,
        ),
    )
    s.say(
        "Image stock-odoo:17.0 builds with python-barcode; QC checks get a label barcode. I recreated stock_test "
        "and installed warehouse_qc: 9 tests (the tour skipped), 0 failed."
    )
    s.user(
        "ตอนรัน test ใช้ database stock_test ตัวเดิมไปเลย ไม่ต้อง drop ทิ้ง สร้างใหม่ทีนึงเกือบนาที ว่าแต่ ต้องใส่ "
        "--test-enable ทุกครั้งเลยเหรอ ไม่มีวิธีที่เร็วกว่านี้หรือ",
        rules=[("test-db-reuse", "ตอนรัน test ใช้ database stock_test ตัวเดิมไปเลย ไม่ต้อง drop ทิ้ง")],
        non_rules=["ต้องใส่ --test-enable ทุกครั้งเลยเหรอ ไม่มีวิธีที่เร็วกว่านี้หรือ"],
    )
    s.say(
        "OK, I'll keep stock_test and use -u. Tests only run with --test-enable; what makes it fast is "
        "--test-tags /warehouse_qc (only this module) and -u instead of -i, which is what I'll use."
    )
    s.user("ok")
    s.outcome("success", "Dockerfile with python-barcode, QC label barcode, tests pass")
    return s


def o06_qc_state_field() -> Session:
    s = odoo("o06-qc-state-field", "2027-03-04T02:30:09", "2.1.191", "feature/qc-state", "misty-ratchada-crane")
    s.user(
        "เพิ่ม field qc_state ใน stock.picking (none / pending / done) แล้วโชว์ใน form ใต้ QC Required หน่อยครับ",
        after=0,
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/models/stock_picking.py",
            '    qc_required = fields.Boolean(string="QC Required")',
            '    qc_required = fields.Boolean(string="QC Required")\n    qc_state = fields.Selection(\n'
            '        [("none", "No QC"), ("pending", "QC Pending"), ("done", "QC Done")],\n'
            '        string="QC State", default="none", tracking=True,\n    )',
        ),
        Edit(
            "addons/warehouse_qc/views/stock_picking_views.xml",
            '                <field name="qc_required"/>',
            '                <field name="qc_required"/>\n                <field name="qc_state" widget="badge"/>',
        ),
    )
    s.act(
        None,
        Bash(
            f"{UPGRADE_DEV} && docker compose restart odoo",
            "2027-03-04 02:31:40,027 1 INFO stock_dev odoo.modules.loading: loading 63 modules...\n"
            "2027-03-04 02:31:40,811 1 INFO stock_dev odoo.modules.loading: Loading module warehouse_qc (63/63)\n"
            "2027-03-04 02:31:41,190 1 INFO stock_dev odoo.modules.loading: 63 modules loaded in 1.17s, 301 queries (+301 extra)\n"
            "2027-03-04 02:31:41,530 1 INFO stock_dev odoo.modules.loading: Modules loaded.\n"
            "[+] Restarting 1/1\n ✔ Container stock-odoo-odoo-1  Started",
            desc="Upgrade warehouse_qc and restart Odoo",
            secs=30,
        ),
    )
    s.say(
        "qc_state is on stock.picking and in the form under QC Required; module upgraded on stock_dev. Reload a receipt."
    )
    s.user("ไม่เห็น field ใหม่ใน form เลย refresh แล้ว ctrl+shift+r แล้วก็ไม่ขึ้น")
    s.act(
        None,
        Bash(
            'docker compose exec db psql -U odoo -d stock_dev -c "\\d stock_picking" | grep qc_',
            " qc_required                | boolean                     |           |          |",
            desc="Check the stock_picking columns",
        ),
    )
    s.act(None, Read("addons/warehouse_qc/__manifest__.py", MANIFEST_0303))
    s.act(
        "The column was never created, so the upgrade didn't see the new field. I'll bump the manifest version and "
        "upgrade with --dev=xml to rule out a cached view.",
        Edit("addons/warehouse_qc/__manifest__.py", '    "version": "17.0.1.0.0",', '    "version": "17.0.1.1.0",'),
    )
    s.act(
        None,
        Bash(
            f'{UPGRADE_DEV} --dev=xml && docker compose exec db psql -U odoo -d stock_dev -c "\\d stock_picking" | grep qc_',
            "2027-03-04 02:36:12,448 1 INFO stock_dev odoo.modules.loading: Loading module warehouse_qc (63/63)\n"
            "2027-03-04 02:36:12,801 1 INFO stock_dev odoo.modules.loading: 63 modules loaded in 1.02s, 298 queries (+298 extra)\n"
            " qc_required                | boolean                     |           |          |",
            desc="Upgrade again and check the columns",
            secs=28,
        ),
    )
    s.say(
        "Still only qc_required. The field is in models/stock_picking.py and the file is imported, yet the upgrade "
        "doesn't create the column; I don't see why yet."
    )
    s.user("งงเลย พรุ่งนี้ค่อยดูละกันครับ")
    s.outcome("failed", "qc_state never reaches the database or the form after several upgrades; deferred")
    s.hit(STALE)
    return s


def o03_qc_tour() -> Session:
    s = odoo("o03-qc-tour", "2027-03-02T03:20:51", "2.1.190", "feature/qc-tour", "dusty-sathorn-heron")
    s.user(
        "Ploy pushed a tour test for the receipt QC flow last night and it fails for me. can you look?\n\n"
        f"`{RUN} -d stock_test -u warehouse_qc --test-enable --test-tags /warehouse_qc:TestQcTour --stop-after-init`",
        after=0,
    )
    tour_cmd = (
        f"{RUN} -d stock_test -u warehouse_qc --test-enable --test-tags /warehouse_qc:TestQcTour --stop-after-init"
    )
    s.act(
        None,
        Bash(
            tour_cmd,
            odoo_test_log("2027-03-02 03:22:18,904", 0, [TOUR_FAIL], secs="38.20"),
            code=1,
            desc="Run the tour",
            secs=70,
        ),
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/static/tests/tours/qc_tour.js",
            'registry.category("web_tour.tours").add("warehouse_qc_tour", {\n    test: true,\n    steps: () => [\n'
            '        { trigger: ".o_data_row:contains(\'WH/IN/00007\')", run: "click" },\n'
            '        { trigger: "button[name=\'action_create_qc\']", run: "click" },\n'
            '        { trigger: ".o_data_row:contains(\'QC/0007\')", run: "click" },\n'
            '        { trigger: "button[name=\'action_pass\']", run: "click" },\n    ],\n});',
            offset=4,
            total=22,
        ),
    )
    s.act(
        "The step after Create QC probably runs before the list is rendered. I'll wait for the list view first.",
        Edit(
            "addons/warehouse_qc/static/tests/tours/qc_tour.js",
            '        { trigger: ".o_data_row:contains(\'QC/0007\')", run: "click" },',
            '        { trigger: ".o_list_view .o_list_table", isCheck: true },\n'
            '        { trigger: ".o_data_row:contains(\'QC/0007\')", run: "click" },',
        ),
    )
    s.act(
        None,
        Bash(
            tour_cmd,
            odoo_test_log("2027-03-02 03:27:40,115", 0, [TOUR_FAIL], secs="37.84"),
            code=1,
            desc="Run the tour",
            secs=70,
        ),
    )
    s.say(
        "Same step fails: the list renders but there is no QC/0007 row for qc_user. The check is created (the "
        "button returns it) but this user doesn't get to see it; I haven't found which rule hides it."
    )
    s.user("ไม่ผ่านอีกแล้ว revert ที่แก้ใน tour แล้ว skip test นี้ไว้ก่อน เปิด ticket WH-217 ไว้แล้วครับ")
    s.act(
        None,
        Bash("git checkout -- addons/warehouse_qc/static/tests/tours/qc_tour.js", "", desc="Revert the tour"),
        Edit(
            "addons/warehouse_qc/tests/test_qc_tour.py",
            '@tagged("post_install", "-at_install")\nclass TestQcTour(HttpCase):',
            '@unittest.skip("WH-217: qc_user does not see QC/0007")\n@tagged("post_install", "-at_install")\n'
            "class TestQcTour(HttpCase):",
        ),
    )
    s.say("Tour change reverted and TestQcTour skipped with a pointer to WH-217.")
    s.outcome("failed", "warehouse_qc_tour still fails at the QC line step; reverted and skipped under a ticket")
    s.hit(COMPANY)
    return s


def o07_reject_zero_tests() -> Session:
    s = odoo("o07-reject-zero-tests", "2027-03-05T02:50:33", "2.1.191", "feature/qc-reject", "green-ari-sparrow")
    s.user(
        "เขียน test class ใหม่ TestQcReject ไว้ใน tests/test_qc_reject.py แล้ว import ใน tests/__init__.py แล้วด้วย "
        "แต่พอรันมันขึ้นว่า 0 tests ครับ ช่วยดูหน่อย",
        after=0,
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/tests/__init__.py",
            "from . import test_qc_check\nfrom . import test_qc_reject\nfrom . import test_qc_tour",
        ),
        Read(
            "addons/warehouse_qc/tests/test_qc_reject.py",
            'from odoo.tests import TransactionCase, tagged\n\n\n@tagged("post_install", "-at_install")\nclass TestQcReject(TransactionCase):\n'
            "    def test_reject_sets_picking_pending(self):\n        ...",
            total=34,
        ),
    )
    reject_cmd = (
        f"{RUN} -d stock_test -u warehouse_qc --test-enable --test-tags /warehouse_qc:TestQcReject --stop-after-init"
    )
    s.act(
        None,
        Bash(reject_cmd, odoo_test_log("2027-03-05 02:52:30,661", 0, secs="0.00"), desc="Run TestQcReject", secs=35),
    )
    s.act(
        "Import and tags look right. Let me try the class without the module prefix in the tag.",
        Bash(
            f"{RUN} -d stock_test -u warehouse_qc --test-enable --test-tags :TestQcReject --stop-after-init",
            odoo_test_log("2027-03-05 02:54:02,219", 0, secs="0.00"),
            desc="Run TestQcReject by class only",
            secs=35,
        ),
    )
    s.say(
        "Both runs report 0 tests, and there is no import error in the log either, so Odoo simply never collects "
        "TestQcReject. The test file itself is fine as far as I can see."
    )
    s.user("forget it, I'll ask Ploy first")
    s.outcome("failed", "TestQcReject is never collected (0 tests); cause not found")
    s.hit(STALE)
    return s


def o04_qc_reason() -> Session:
    s = odoo("o04-qc-reason", "2027-03-02T08:15:20", "2.1.190", "feature/qc-reason", "sunny-bangrak-myna")
    s.user(
        "ก่อนเริ่ม นี่ convention ของทีม copy มาจาก Notion:\n\n"
        "- Commit messages in English, ticket number first (WH-123 Add something)\n"
        "- อย่าใช้ sudo() เพื่อเลี่ยง access rights ถ้าไม่จำเป็นจริงๆ\n"
        "- ทุก field ที่ผู้ใช้เห็นต้องมี string ภาษาอังกฤษ แล้วแปลใน i18n/th.po\n\n"
        "งานวันนี้ WH-214: เพิ่ม model warehouse.qc.reason (name, code) แล้วให้ QC check เลือก reason ได้ครับ",
        after=0,
        rules=[
            ("commit-ticket", "Commit messages in English, ticket number first"),
            ("no-sudo", "อย่าใช้ sudo() เพื่อเลี่ยง access rights ถ้าไม่จำเป็นจริงๆ"),
            ("field-string-th", "ทุก field ที่ผู้ใช้เห็นต้องมี string ภาษาอังกฤษ แล้วแปลใน i18n/th.po"),
        ],
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/security/ir.model.access.csv",
            "id,name,model_id:id,group_id:id,perm_read,perm_write,perm_create,perm_unlink\n"
            "access_warehouse_qc_check_user,warehouse.qc.check user,model_warehouse_qc_check,stock.group_stock_user,1,1,1,0\n"
            "access_warehouse_qc_check_manager,warehouse.qc.check manager,model_warehouse_qc_check,"
            "stock.group_stock_manager,1,1,1,1",
        ),
        Read("addons/warehouse_qc/models/__init__.py", "from . import qc_check\nfrom . import stock_picking"),
    )
    s.act(
        None,
        Write(
            "addons/warehouse_qc/models/qc_reason.py",
            "from odoo import fields, models\n\n\nclass QcReason(models.Model):\n"
            '    _name = "warehouse.qc.reason"\n    _description = "QC Reject Reason"\n\n'
            '    name = fields.Char(string="Reason", required=True, translate=True)\n'
            '    code = fields.Char(string="Code", required=True)\n',
        ),
        Edit(
            "addons/warehouse_qc/models/__init__.py",
            "from . import qc_check\n",
            "from . import qc_check\nfrom . import qc_reason\n",
        ),
        Edit(
            "addons/warehouse_qc/security/ir.model.access.csv",
            "access_warehouse_qc_check_manager,warehouse.qc.check manager,model_warehouse_qc_check,stock.group_stock_manager,1,1,1,1",
            "access_warehouse_qc_check_manager,warehouse.qc.check manager,model_warehouse_qc_check,stock.group_stock_manager,1,1,1,1\n"
            "access_warehouse_qc_reason_user,warehouse.qc.reason user,model_qc_reason,stock.group_stock_user,1,0,0,0",
        ),
        Edit(
            "addons/warehouse_qc/models/qc_check.py",
            '    note = fields.Text(string="Note")',
            '    note = fields.Text(string="Note")\n    reason_id = fields.Many2one("warehouse.qc.reason", string="Reject Reason")',
        ),
    )
    s.act(
        None,
        Bash(
            TEST,
            "2027-03-02 08:19:47,310 1 INFO stock_test odoo.modules.loading: Loading module warehouse_qc (64/64)\n"
            "2027-03-02 08:19:47,702 1 INFO stock_test odoo.modules.loading: loading warehouse_qc/security/ir.model.access.csv\n"
            "2027-03-02 08:19:47,731 1 ERROR stock_test odoo.modules.registry: Failed to load registry\n"
            "2027-03-02 08:19:47,732 1 CRITICAL stock_test odoo.service.server: Failed to initialize database `stock_test`.\n"
            "Traceback (most recent call last):\n  ...\n"
            "Exception: Module loading warehouse_qc failed: file warehouse_qc/security/ir.model.access.csv could not be "
            "processed:\n No matching record found for external id 'model_qc_reason' in field 'Model'\n"
            "Missing required value for the field 'Model' (model_id)",
            code=255,
            desc="Run the warehouse_qc tests",
            secs=45,
        ),
    )
    s.user(
        "model_id ต้องเป็น model_warehouse_qc_reason และบอกไปแล้วว่า model ใหม่ต้องมี access ทั้ง user และ manager",
        rules=[("access-csv", "บอกไปแล้วว่า model ใหม่ต้องมี access ทั้ง user และ manager")],
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/security/ir.model.access.csv",
            "access_warehouse_qc_reason_user,warehouse.qc.reason user,model_qc_reason,stock.group_stock_user,1,0,0,0",
            "access_warehouse_qc_reason_user,warehouse.qc.reason user,model_warehouse_qc_reason,stock.group_stock_user,1,0,0,0\n"
            "access_warehouse_qc_reason_manager,warehouse.qc.reason manager,model_warehouse_qc_reason,stock.group_stock_manager,1,1,1,1",
        ),
    )
    s.act(
        None,
        Bash(
            TEST,
            odoo_test_log("2027-03-02 08:24:05,871", 8),
            desc="Run the warehouse_qc tests",
            secs=45,
        ),
    )
    s.act(
        None,
        Bash(
            'git add addons/warehouse_qc && git commit -m "WH-214 Add QC reject reasons"',
            git_commit("feature/qc-reason", "4e1a9c2", "WH-214 Add QC reject reasons", 4, 38, 1),
            desc="Commit",
        ),
    )
    s.say(
        "warehouse.qc.reason with access for stock user (read) and manager (all); QC checks have a Reject Reason. "
        "8 tests pass; committed as WH-214."
    )
    s.user(
        "ดีครับ turns out the model id in ir.model.access.csv is model_ plus the _name with dots turned into underscores",
        lessons=[
            "turns out the model id in ir.model.access.csv is model_ plus the _name with dots turned into underscores"
        ],
    )
    s.outcome("success", "reject reason model with access rules; CSV external id fixed; tests green; committed")
    s.one_off("ir.model.access.csv: No matching record found for external id 'model_qc_reason' in field 'Model'")
    return s


def o08_reject_reason_ui() -> Session:
    s = odoo("o08-reject-reason-ui", "2027-03-08T03:10:44", "2.1.192", "feature/qc-reason", "pale-lumpini-kite")
    s.user(
        "rejecting a QC check without a reason should raise a UserError, right now action_reject just sets the "
        "result. fix it and add a test please",
        after=0,
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/models/qc_check.py",
            '    def action_reject(self):\n        for rec in self:\n            rec.result = "fail"\n'
            '            rec.picking_id.qc_state = "pending"',
            offset=41,
            total=58,
        ),
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/models/qc_check.py",
            '    def action_reject(self):\n        for rec in self:\n            rec.result = "fail"',
            "    def action_reject(self):\n        for rec in self:\n            if not rec.reason_id:\n"
            '                raise UserError(_("Please select a reject reason."))\n            rec.result = "fail"',
        ),
        Edit(
            "addons/warehouse_qc/tests/test_qc_check.py",
            '        self.assertEqual(check.result, "pending")',
            '        self.assertEqual(check.result, "pending")\n\n    def test_reject_requires_reason(self):\n'
            '        check = self.env["warehouse.qc.check"].create({"picking_id": self.picking.id, '
            '"product_id": self.env.ref("product.product_product_6").id})\n'
            "        with self.assertRaises(UserError):\n            check.action_reject()",
        ),
    )
    s.act(None, Bash(TEST, odoo_test_log("2027-03-08 03:12:55,402", 9), desc="Run the warehouse_qc tests", secs=45))
    s.say(
        'action_reject now raises "Please select a reject reason." when reason_id is empty, and '
        "test_reject_requires_reason covers it. warehouse_qc tests: 0 failed."
    )
    s.user("ลองใน UI แล้ว ยังกด Reject ได้โดยไม่ต้องเลือก reason เลย ไม่มี error อะไรขึ้น")
    s.act(
        "The dev database may still have the old code loaded. Upgrading the module there and restarting the server.",
        Bash(
            f"{UPGRADE_DEV} && docker compose restart odoo",
            "2027-03-08 03:16:31,988 1 INFO stock_dev odoo.modules.loading: Loading module warehouse_qc (64/64)\n"
            "2027-03-08 03:16:32,412 1 INFO stock_dev odoo.modules.loading: 64 modules loaded in 1.21s, 305 queries (+305 extra)\n"
            "2027-03-08 03:16:32,760 1 INFO stock_dev odoo.modules.loading: Modules loaded.\n"
            "[+] Restarting 1/1\n ✔ Container stock-odoo-odoo-1  Started",
            desc="Upgrade warehouse_qc on stock_dev and restart",
            secs=35,
        ),
    )
    s.say(
        "Upgraded and restarted. From now on I'll always upgrade the module on stock_dev before asking you to try "
        "something in the UI. Try rejecting a check without a reason again."
    )
    s.not_person(
        "From now on I'll always upgrade the module on stock_dev before asking you to try something in the UI.",
        "assistant_text",
    )
    s.user("เหมือนเดิม reject ผ่านเฉยเลย")
    s.say(
        "Then the server isn't running the method I changed, even though the tests pass. I can't tell why from "
        "the code; the guard is in models/qc_check.py."
    )
    s.user("แปลกมาก ช่างมันก่อน ไปทำอย่างอื่นละ")
    s.outcome("failed", "tests green but rejecting without a reason still works in the UI after upgrade and restart")
    s.hit(STALE)
    return s


def o09_access_error_cnx() -> Session:
    s = odoo("o09-access-error-cnx", "2027-03-10T04:00:17", "2.1.192", "main", "steep-nimman-bulbul")
    s.user(
        "user สาขาเชียงใหม่กด Validate ใบรับของบน staging แล้วขึ้นแบบนี้ครับ\n\n```\nAccess Error\n\n"
        "Uh-oh! Looks like you have stumbled upon some top-secret records.\n\n"
        "Sorry, Somchai Kaewmanee (id=27) doesn't have 'read' access to:\n- QC Check, QC/0031 (warehouse.qc.check: 31)\n\n"
        "Blame the following rules:\n- QC Check: multi-company\n\n"
        "Note: this might be a multi-company issue. Switching company may help - in Odoo, not in real life!\n\n"
        "If you really, really need access, perhaps you can win over your friendly administrator with a batch of "
        "freshly baked cookies.\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/models/stock_picking.py",
            "    def button_validate(self):\n        res = super().button_validate()\n"
            '        for picking in self.filtered("qc_required"):\n'
            '            self.env["warehouse.qc.check"].create(\n'
            '                [{"picking_id": picking.id, "product_id": m.product_id.id} for m in picking.move_ids]\n'
            "            )\n        return res",
            offset=22,
            total=48,
        ),
    )
    s.act(
        "The checks are created right after validation and then read back by the form. The quickest way through "
        "the rule is to create and read them as superuser.",
        Denied(
            Edit(
                "addons/warehouse_qc/models/stock_picking.py",
                '            self.env["warehouse.qc.check"].create(',
                '            self.env["warehouse.qc.check"].sudo().create(',
            )
        ),
    )
    s.user(
        "บอกแล้วไง อย่าใช้ sudo() เลี่ยง access rights ครับ user คนนี้มีสิทธิ์บริษัทเชียงใหม่อยู่แล้วด้วย",
        rules=[("no-sudo", "อย่าใช้ sudo() เลี่ยง access rights")],
    )
    s.say(
        "Right, no sudo. The message names the 'QC Check: multi-company' rule; if Somchai is allowed Chiang Mai, "
        "then QC/0031 itself doesn't belong to a company he has. I'd need to look at that record's company on "
        "staging, which I can't reach from here."
    )
    s.user("ok, he can validate with the admin user until we sort it out")
    s.outcome("failed", "AccessError for the Chiang Mai user not fixed; sudo refused, workaround is the admin user")
    s.hit(COMPANY)
    return s


def o10_morning_called_away() -> Session:
    s = odoo("o10-morning-called-away", "2027-03-11T02:05:42", "2.1.193", "feature/qc-report", "soft-ari-loris")
    s.user("สวัสดีครับ เช้านี้จะทำ report PDF ของ QC ต่อ", after=0)
    s.say("Morning! Shall I start with the QWeb template for a single QC check, or the summary per receipt?")
    s.user("เดี๋ยวนะครับ หัวหน้าเรียกประชุมด่วน")
    s.say("Sure, I'll be here when you're back.")
    s.outcome("unknown", "a greeting; the person is called into a meeting before any work")
    return s


def o11_count_mismatch() -> Session:
    s = odoo("o11-count-mismatch", "2027-03-11T07:30:26", "2.1.193", "main", "faint-silom-crow")
    s.user(
        "weird one: the accountant's SQL says 12 QC checks for Chiang Mai in March, but the list view shows 7, "
        "even logged in as the branch manager. no error anywhere. can you check the dev db copy?",
        after=0,
    )
    s.act(
        None,
        Bash(
            'docker compose exec db psql -U odoo -d stock_dev -c "SELECT company_id, count(*) FROM warehouse_qc_check '
            "WHERE create_date >= '2027-03-01' GROUP BY company_id ORDER BY company_id\"",
            " company_id | count \n------------+-------\n          2 |     7\n            |     5\n(2 rows)",
            desc="Count March QC checks per company",
        ),
    )
    s.act(
        "Five of the twelve have no company at all. Let me see where they come from.",
        Read(
            "addons/warehouse_qc/models/qc_check.py",
            '    company_id = fields.Many2one("res.company", string="Company")',
            offset=18,
            limit=1,
            total=64,
        ),
    )
    s.interrupt(after=4)
    s.user("sorry gotta run, meeting. later")
    s.outcome("unknown", "5 checks without a company found in the dev copy; abandoned for a meeting before any change")
    s.hit(COMPANY)
    return s


def _sa_addons_path(c: Session) -> None:
    c.act(
        None,
        Bash(
            "docker compose exec odoo grep addons_path /etc/odoo/odoo.conf",
            "addons_path = /opt/odoo/custom,/mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
            desc="addons_path inside the container",
        ),
    )
    c.act(
        None,
        Bash(
            "docker compose exec odoo diff -rq /opt/odoo/custom/warehouse_qc /mnt/extra-addons/warehouse_qc",
            "Files /opt/odoo/custom/warehouse_qc/__manifest__.py and /mnt/extra-addons/warehouse_qc/__manifest__.py differ\n"
            "Files /opt/odoo/custom/warehouse_qc/models/qc_check.py and /mnt/extra-addons/warehouse_qc/models/qc_check.py differ\n"
            "Files /opt/odoo/custom/warehouse_qc/models/stock_picking.py and /mnt/extra-addons/warehouse_qc/models/stock_picking.py differ\n"
            "Files /opt/odoo/custom/warehouse_qc/tests/__init__.py and /mnt/extra-addons/warehouse_qc/tests/__init__.py differ\n"
            "Files /opt/odoo/custom/warehouse_qc/tests/test_qc_check.py and /mnt/extra-addons/warehouse_qc/tests/test_qc_check.py differ\n"
            "Only in /mnt/extra-addons/warehouse_qc/tests: test_qc_reject.py\n"
            "Files /opt/odoo/custom/warehouse_qc/views/stock_picking_views.xml and /mnt/extra-addons/warehouse_qc/views/stock_picking_views.xml differ",
            desc="Compare the two copies of warehouse_qc",
        ),
    )
    c.act(
        None,
        Read(
            "Dockerfile",
            "FROM odoo:17.0\nUSER root\nRUN pip3 install --no-cache-dir --break-system-packages python-barcode==0.15.1\n"
            "COPY addons/ /opt/odoo/custom/\nUSER odoo",
        ),
    )
    c.say(
        "There are two warehouse_qc modules in the container. The Dockerfile COPYs addons/ to /opt/odoo/custom at "
        "build time, and odoo.conf lists /opt/odoo/custom before the bind mount /mnt/extra-addons, so Odoo loads "
        "the baked copy. That copy is from the image build on 03-03: it lacks qc_state (models and view), "
        "test_qc_reject.py, and the reject-reason check in qc_check.py and its test."
    )


def o12_fix_addons_path() -> Session:
    s = odoo("o12-fix-addons-path", "2027-03-12T02:40:05", "2.1.193", "fix/addons-path", "clear-chidlom-tern")
    s.user(
        "วันนี้ขอเคลียร์เรื่องนี้ให้จบ: qc_state ไม่ขึ้นใน form, TestQcReject รันได้ 0 tests แล้วก็ reject "
        "ที่ไม่มี reason ยังผ่านใน UI ทั้งที่ test ผ่าน ผมว่าเป็นเรื่องเดียวกัน เหมือน Odoo ไม่เห็นไฟล์ที่เราแก้ "
        "ช่วยเช็คก่อนแก้นะครับ",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Where warehouse_qc is loaded from",
            "Do not change any files; report only where the running container loads warehouse_qc from and which "
            "addons_path it uses, and whether that copy matches the working tree.",
            "Explore",
            _sa_addons_path,
        ),
    )
    s.not_person(
        "Do not change any files; report only where the running container loads warehouse_qc from and which "
        "addons_path it uses, and whether that copy matches the working tree.",
        "subagent_prompt",
    )
    s.act(
        None,
        Read(
            "config/odoo.conf",
            "[options]\naddons_path = /opt/odoo/custom,/mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons\n"
            "data_dir = /var/lib/odoo\ndb_host = db\ndb_user = odoo\ndb_password = odoo\nlist_db = True",
        ),
        Read(
            "Dockerfile",
            "FROM odoo:17.0\nUSER root\nRUN pip3 install --no-cache-dir --break-system-packages python-barcode==0.15.1\n"
            "COPY addons/ /opt/odoo/custom/\nUSER odoo",
        ),
    )
    s.act(
        "That explains all three. The bind mount has to win locally, and staging gets the code from the image at "
        "the same path.",
        Edit(
            "config/odoo.conf",
            "addons_path = /opt/odoo/custom,/mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
            "addons_path = /mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
        ),
        Edit("Dockerfile", "COPY addons/ /opt/odoo/custom/", "COPY addons/ /mnt/extra-addons/"),
    )
    s.act(
        None,
        Bash(
            f"docker compose build odoo && docker compose up -d && {TEST}",
            " => [4/4] COPY addons/ /mnt/extra-addons/                                    0.2s\n"
            "[+] Running 2/2\n ✔ Container stock-odoo-db-1    Running\n ✔ Container stock-odoo-odoo-1  Started\n"
            + odoo_test_log("2027-03-12 02:49:20,633", 13),
            desc="Rebuild, restart and run the tests",
            secs=110,
        ),
    )
    s.user(
        "13 tests แล้ว เยอะขึ้นจริงๆ ด้วย เลิกใช้ stock_test ตัวเดิมแล้วนะ "
        "ต่อไปนี้รัน test ทุกครั้งให้สร้าง db ใหม่ด้วย -i จะได้ไม่มีของเก่าค้าง",
        rules=[("fresh-test-db", "ต่อไปนี้รัน test ทุกครั้งให้สร้าง db ใหม่ด้วย -i จะได้ไม่มีของเก่าค้าง", "test-db-reuse")],
    )
    s.act(
        None,
        Bash(
            f"{RUN} -d qc_test_0312 -i warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init "
            f'; {UPGRADE_DEV} && docker compose exec db psql -U odoo -d stock_dev -c "\\d stock_picking" | grep qc_',
            odoo_test_log("2027-03-12 02:55:48,019", 13, db="qc_test_0312")
            + "\n qc_required                | boolean                     |           |          |\n"
            " qc_state                   | character varying           |           |          |",
            desc="Fresh test database, upgrade dev, check columns",
            secs=120,
        ),
    )
    s.say(
        "On a fresh database all 13 run and pass, TestQcReject's 3 and test_reject_requires_reason included "
        "(the tour is still skipped under WH-217). qc_state now exists on stock_dev; rejecting without a reason "
        "should raise there too."
    )
    s.user(
        "ขึ้นแล้ว qc_state อยู่ใน form แล้ว บทเรียน: ถ้าแก้ code แล้ว Odoo ไม่เห็น ให้เช็ค addons_path ก่อนเลยว่ามี "
        "module ซ้ำอยู่ที่อื่นไหม commit ได้เลยครับ",
        lessons=["บทเรียน: ถ้าแก้ code แล้ว Odoo ไม่เห็น ให้เช็ค addons_path ก่อนเลยว่ามี module ซ้ำอยู่ที่อื่นไหม"],
    )
    s.act(
        None,
        Bash(
            'git commit -am "WH-219 Load warehouse_qc from the bind mount, not a baked copy"',
            git_commit(
                "fix/addons-path", "9b07d3e", "WH-219 Load warehouse_qc from the bind mount, not a baked copy", 2, 2, 2
            ),
            desc="Commit",
        ),
    )
    s.outcome(
        "success", "addons_path fixed so Odoo loads the working tree; qc_state, TestQcReject and the reject fix work"
    )
    s.hit(STALE, fixed=True)
    return s


def o13_qc_report() -> Session:
    s = odoo("o13-qc-report", "2027-03-15T03:00:58", "2.1.194", "feature/qc-report", "bright-ari-ibis")
    s.user(
        "ตกลงว่า report PDF ใช้ QWeb ของ Odoo เองนะ ไม่ต้องซื้อ module report เพิ่ม ช่วยทำ report ของ QC check "
        "หน่อย มี receipt, product, result, reason, วันที่ตรวจ แล้วเพิ่ม field inspector_id ใน tab Additional Info "
        "ของ picking ด้วยครับ",
        after=0,
        decisions=["ตกลงว่า report PDF ใช้ QWeb ของ Odoo เองนะ ไม่ต้องซื้อ module report เพิ่ม"],
    )
    s.act(
        None,
        Write(
            "addons/warehouse_qc/report/qc_check_report.xml",
            '<?xml version="1.0" encoding="utf-8"?>\n<odoo>\n'
            '    <record id="action_report_qc_check" model="ir.actions.report">\n'
            '        <field name="name">QC Check</field>\n        <field name="model">warehouse.qc.check</field>\n'
            '        <field name="report_type">qweb-pdf</field>\n'
            '        <field name="report_name">warehouse_qc.report_qc_check_document</field>\n    </record>\n'
            '    <template id="report_qc_check_document">\n        <t t-call="web.html_container">\n'
            '            <t t-foreach="docs" t-as="o">\n                <t t-call="web.external_layout">\n'
            '                    <div class="page">\n                        <h2 t-field="o.name"/>\n'
            '                        <div><span t-field="o.picking_id"/> / <span t-field="o.product_id"/></div>\n'
            "                        <div><span t-esc=\"o.checked_at.strftime('%d/%m/%Y')\"/> "
            '<span t-field="o.result"/> <span t-field="o.reason_id"/></div>\n'
            "                    </div>\n                </t>\n            </t>\n        </t>\n    </template>\n</odoo>\n",
        ),
        Write(
            "addons/warehouse_qc/tests/test_qc_report.py",
            'from odoo.tests import TransactionCase, tagged\n\n\n@tagged("post_install", "-at_install")\n'
            "class TestQcReport(TransactionCase):\n    def test_report_renders(self):\n"
            '        picking = self.env["stock.picking"].create({\n'
            '            "picking_type_id": self.env.ref("stock.picking_type_in").id,\n'
            '            "location_id": self.env.ref("stock.stock_location_suppliers").id,\n'
            '            "location_dest_id": self.env.ref("stock.stock_location_stock").id,\n        })\n'
            '        check = self.env["warehouse.qc.check"].create({"picking_id": picking.id, '
            '"product_id": self.env.ref("product.product_product_6").id})\n'
            '        html = self.env["ir.actions.report"]._render_qweb_html("warehouse_qc.report_qc_check_document", check.ids)[0]\n'
            "        self.assertIn(check.name.encode(), html)\n",
        ),
        Edit(
            "addons/warehouse_qc/views/stock_picking_views.xml",
            "        </field>\n    </record>\n</odoo>",
            '            <xpath expr="//page[@name=\'extra\']/group/group[2]" position="inside">\n'
            '                <field name="inspector_id"/>\n            </xpath>\n        </field>\n    </record>\n</odoo>',
        ),
    )
    s.act(
        None,
        Read("addons/warehouse_qc/__manifest__.py", MANIFEST_0303.replace("17.0.1.0.0", "17.0.1.1.0")),
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/__manifest__.py",
            '    "version": "17.0.1.1.0",',
            '    "version": "17.0.1.2.0",',
        ),
        Edit(
            "addons/warehouse_qc/__manifest__.py",
            '        "views/stock_picking_views.xml",\n    ],',
            '        "views/stock_picking_views.xml",\n        "report/qc_check_report.xml",\n    ],',
        ),
    )
    s.user(
        "xpath should anchor on a field name, never on a position like group[2], that breaks on every upgrade",
        rules=[("xpath-by-name", "xpath should anchor on a field name, never on a position like group[2]")],
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/views/stock_picking_views.xml",
            '            <xpath expr="//page[@name=\'extra\']/group/group[2]" position="inside">',
            "            <xpath expr=\"//page[@name='extra']//field[@name='company_id']\" position=\"after\">",
        ),
    )
    report_test = f"{RUN} -d qc_test_0315 -i warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init"
    s.act(
        None,
        Bash(
            report_test,
            odoo_test_log(
                "2027-03-15 03:08:14,402",
                13,
                [
                    "odoo.addons.warehouse_qc.tests.test_qc_report: ERROR: TestQcReport.test_report_renders\n"
                    "Traceback (most recent call last):\n"
                    '  File "/mnt/extra-addons/warehouse_qc/tests/test_qc_report.py", line 14, in test_report_renders\n'
                    '    html = self.env["ir.actions.report"]._render_qweb_html("warehouse_qc.report_qc_check_document", check.ids)[0]\n'
                    "  ...\n"
                    "odoo.addons.base.models.ir_qweb.QWebException: Error while render the template\n"
                    "AttributeError: 'bool' object has no attribute 'strftime'\n"
                    "Template: warehouse_qc.report_qc_check_document\n"
                    "Path: /t/t/t/t/div/div[2]/span[1]\n"
                    "Node: <span t-esc=\"o.checked_at.strftime('%d/%m/%Y')\"/>",
                ],
                db="qc_test_0315",
            ),
            code=1,
            desc="Fresh database, run the tests",
            secs=95,
        ),
    )
    s.act(
        "checked_at is empty on a check that hasn't been done yet. t-field with the date widget handles that.",
        Edit(
            "addons/warehouse_qc/report/qc_check_report.xml",
            "<span t-esc=\"o.checked_at.strftime('%d/%m/%Y')\"/>",
            '<span t-field="o.checked_at" t-options=\'{"widget": "date"}\'/>',
        ),
    )
    s.act(
        None,
        Bash(
            report_test.replace("qc_test_0315", "qc_test_0315b")
            + " && pre-commit run --files addons/warehouse_qc/report/*",
            odoo_test_log(
                "2027-03-15 03:12:51,776",
                14,
                db="qc_test_0315b",
            )
            + "\npylint_odoo.............................................................Failed\n"
            "- hook id: pylint_odoo\n- exit code: 1\n\n"
            "addons/warehouse_qc/report/qc_report.py:3:0: W8150: Same Odoo module absolute import. You should use "
            'relative import with "." instead of "odoo.addons.warehouse_qc" (odoo-addons-relative-import)',
            code=1,
            desc="Run the tests again, then pre-commit",
            secs=100,
        ),
    )
    s.not_person('You should use relative import with "." instead of "odoo.addons.warehouse_qc"', "tool_output")
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/report/qc_report.py",
            "from odoo.addons.warehouse_qc.models.qc_check import RESULTS",
            "from ..models.qc_check import RESULTS",
        ),
    )
    s.act(
        None,
        Bash(
            "pre-commit run --files addons/warehouse_qc/report/*",
            "black....................................................................Passed\n"
            "isort....................................................................Passed\n"
            "flake8...................................................................Passed\n"
            "pylint_odoo..............................................................Passed",
            desc="pre-commit on the report files",
            secs=9,
        ),
    )
    s.say(
        "The report renders now (TestQcReport passes), inspector_id sits after Company in Additional Info, and "
        "the pylint-odoo import warning is fixed; 14 tests pass on a fresh database."
    )
    s.user(
        "ok สวยเลย btw should we always use sudo() in the cron that emails the QC summary, or is that bad?",
        non_rules=["should we always use sudo() in the cron that emails the QC summary, or is that bad?"],
    )
    s.say(
        "Crons run as the user set on the ir.cron record (OdooBot by default), which already bypasses record "
        "rules, so sudo() adds nothing there; it only matters when a normal user triggers the code."
    )
    s.outcome(
        "success", "QWeb QC report renders, inspector field added by a name-anchored xpath; the person is pleased"
    )
    s.one_off("QWebException: 'bool' object has no attribute 'strftime' on an empty checked_at in the QC report")
    return s


def o14_fix_company_default() -> Session:
    s = odoo("o14-fix-company-default", "2027-03-16T02:20:31", "2.1.194", "fix/qc-company", "deep-phrakhanong-egret")
    s.user(
        "เรื่อง QC ที่ user สาขามองไม่เห็น: tour ที่ fail มาตลอด, AccessError ของเชียงใหม่ แล้วก็ 5 records ที่ไม่มี "
        "company ใน dev วันนี้แก้ให้จบครับ",
        after=0,
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/security/qc_security.xml",
            '    <record id="rule_qc_check_company" model="ir.rule">\n        <field name="name">QC Check: multi-company</field>\n'
            '        <field name="model_id" ref="model_warehouse_qc_check"/>\n'
            "        <field name=\"domain_force\">[('company_id', 'in', company_ids)]</field>\n    </record>",
            offset=3,
            total=12,
        ),
        Read(
            "addons/warehouse_qc/models/qc_check.py",
            '    company_id = fields.Many2one("res.company", string="Company")',
            offset=18,
            limit=1,
            total=71,
        ),
    )
    s.act(
        None,
        Read(
            "addons/warehouse_qc/__manifest__.py",
            MANIFEST_0303.replace("17.0.1.0.0", "17.0.1.2.0").replace(
                '"views/stock_picking_views.xml",',
                '"views/stock_picking_views.xml",\n        "report/qc_check_report.xml",',
            ),
        ),
    )
    s.act(
        "The rule only shows checks whose company is one of the user's, and checks created from a receipt get no "
        "company at all: they're invisible to everyone but the superuser. That's the tour's missing QC/0007, the "
        "AccessError and the five rows. I'll give the field a default, take the picking's company when creating, "
        "and fill in the existing rows with a migration.",
        Edit(
            "addons/warehouse_qc/models/qc_check.py",
            '    company_id = fields.Many2one("res.company", string="Company")',
            '    company_id = fields.Many2one(\n        "res.company", string="Company", required=True, index=True,\n'
            "        default=lambda self: self.env.company,\n    )",
        ),
        Edit(
            "addons/warehouse_qc/models/stock_picking.py",
            '                [{"picking_id": picking.id, "product_id": m.product_id.id} for m in picking.move_ids]',
            '                [\n                    {"picking_id": picking.id, "product_id": m.product_id.id, '
            '"company_id": picking.company_id.id}\n                    for m in picking.move_ids\n                ]',
        ),
        Write(
            "addons/warehouse_qc/migrations/17.0.1.3.0/post-migrate.py",
            'def migrate(cr, version):\n    cr.execute(\n        """\n        UPDATE warehouse_qc_check q\n'
            "           SET company_id = p.company_id\n          FROM stock_picking p\n"
            '         WHERE q.picking_id = p.id AND q.company_id IS NULL\n        """\n    )\n',
        ),
        Edit("addons/warehouse_qc/__manifest__.py", '    "version": "17.0.1.2.0",', '    "version": "17.0.1.3.0",'),
        Edit(
            "addons/warehouse_qc/tests/test_qc_tour.py",
            '@unittest.skip("WH-217: qc_user does not see QC/0007")\n@tagged("post_install", "-at_install")',
            '@tagged("post_install", "-at_install")',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: QC checks invisible to branch users (tour warehouse_qc_tour failing, AccessError in "
        "Chiang Mai, 5 checks without company in stock_dev).\n"
        "2. Cause: company_id on warehouse.qc.check had no default; the multi-company rule hides records without "
        "company.\n3. Done: company_id required with default=lambda self: self.env.company; button_validate passes "
        "the picking's company; migrations/17.0.1.3.0/post-migrate.py fills existing rows; version 17.0.1.3.0; "
        "skip removed from TestQcTour (WH-217).\n"
        "4. Notes: User preference: always run the full Odoo test suite, not just warehouse_qc.\n"
        "5. Next: fresh test database, upgrade stock_dev, verify counts.",
        pre_tokens=148_920,
        post_tokens=12_406,
    )
    s.not_person("User preference: always run the full Odoo test suite, not just warehouse_qc.", "compaction_summary")
    s.act(
        None,
        Bash(
            f"{RUN} -d qc_test_0316 -i warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init",
            odoo_test_log("2027-03-16 02:41:07,264", 15, db="qc_test_0316", secs="41.66"),
            desc="Fresh database, run the warehouse_qc tests",
            secs=100,
        ),
    )
    s.act(
        None,
        Bash(
            f'{UPGRADE_DEV} && docker compose exec db psql -U odoo -d stock_dev -c "SELECT company_id, count(*) FROM '
            "warehouse_qc_check WHERE create_date >= '2027-03-01' GROUP BY company_id ORDER BY company_id\"",
            "2027-03-16 02:43:30,880 1 INFO stock_dev odoo.modules.migration: module warehouse_qc: Running migration "
            "[17.0.1.3.0>] post-migrate\n"
            "2027-03-16 02:43:31,102 1 INFO stock_dev odoo.modules.loading: Modules loaded.\n"
            " company_id | count \n------------+-------\n          2 |    12\n(1 row)",
            desc="Upgrade stock_dev and recount",
            secs=40,
        ),
    )
    s.say(
        "All 15 warehouse_qc tests pass on a fresh database, the tour included. On stock_dev the migration gave the "
        "five orphan checks Chiang Mai's company: 12 of 12 now."
    )
    s.user(
        "ผ่านแล้ว ลอง login เป็น user เชียงใหม่บน dev ก็เห็นครบ 12 บทเรียน: company_id ต้องมี default ไม่งั้น record "
        "rule multi-company จะซ่อน record ไปเงียบๆ",
        lessons=["บทเรียน: company_id ต้องมี default ไม่งั้น record rule multi-company จะซ่อน record ไปเงียบๆ"],
    )
    s.act(
        None,
        Bash(
            'git add addons/warehouse_qc && git commit -m "WH-221 Give QC checks a company by default"',
            git_commit("fix/qc-company", "c3d58a0", "WH-221 Give QC checks a company by default", 4, 21, 2),
            desc="Commit",
        ),
    )
    s.outcome(
        "success", "company_id default + migration; tour passes, branch user sees all checks; the person confirms"
    )
    s.hit(COMPANY, fixed=True)
    return s


def o15_reject_all_rejected() -> Session:
    s = odoo("o15-reject-all-rejected", "2027-03-18T06:10:12", "2.1.195", "feature/reject-all", "wet-bangna-heron")
    s.user(
        "can you add a Reject all button on the receipt that rejects every pending QC check with one reason? then "
        "upgrade staging so Ploy can try it",
        after=0,
    )
    s.act(
        None,
        Edit(
            "addons/warehouse_qc/models/stock_picking.py",
            "    def action_create_qc(self):",
            "    def action_reject_all(self, reason):\n"
            '        self.env["warehouse.qc.check"].search([("picking_id", "in", self.ids), ("result", "=", "pending")])'
            '.write({"result": "fail", "reason_id": reason.id})\n\n    def action_create_qc(self):',
        ),
        Edit(
            "addons/warehouse_qc/views/stock_picking_views.xml",
            '                <button name="action_create_qc" type="object" string="Create QC" ',
            '                <button name="%(action_reject_all_wizard)d" type="action" string="Reject all" '
            "invisible=\"qc_state != 'pending'\"/>\n"
            '                <button name="action_create_qc" type="object" string="Create QC" ',
        ),
    )
    s.act(
        None,
        Bash(
            f"{RUN} -d qc_test_0318 -i warehouse_qc --test-enable --test-tags /warehouse_qc --stop-after-init",
            odoo_test_log("2027-03-18 06:16:40,907", 17, db="qc_test_0318", secs="43.02"),
            desc="Fresh database, run the tests",
            secs=100,
        ),
    )
    s.act(
        None,
        Bash(
            'git add addons/warehouse_qc && git commit -m "WH-226 Add Reject all on receipts"',
            git_commit("feature/reject-all", "7fa2e61", "WH-226 Add Reject all on receipts", 3, 44, 1),
            desc="Commit",
        ),
    )
    s.act(
        "Tests are green (17). Now the staging upgrade:",
        Denied(
            Bash(
                "docker compose -f docker-compose.staging.yml exec odoo odoo -d stock_staging -u warehouse_qc --stop-after-init",
                desc="Upgrade warehouse_qc on staging",
            )
        ),
    )
    s.user(
        "อย่ารัน -u บน staging จากเครื่องนี้อีกนะครับ staging ให้ CI deploy อย่างเดียว เดี๋ยวผมลองบน local ก่อน",
        rules=[("no-staging-upgrade", "อย่ารัน -u บน staging จากเครื่องนี้อีกนะครับ staging ให้ CI deploy อย่างเดียว")],
    )
    s.say("Understood, I won't touch staging. The button is on local stock_dev after an upgrade there.")
    s.user("ลองกดดูแล้ว ไม่เอาแบบนี้ครับ reject ทีเดียวหมดโดยไม่ได้ดูของทีละชิ้นมันผิด process ของ QC เอาออกเลย")
    s.act(
        "OK, I'll drop the commit and force-push the branch so it's gone.",
        Denied(Bash("git reset --hard HEAD~1 && git push --force-with-lease", desc="Drop the commit")),
    )
    s.user(
        "same as rider-app: no force pushing, just revert the commit",
        rules=[("no-force-push", "same as rider-app: no force pushing")],
    )
    s.act(
        None,
        Bash(
            "git revert --no-edit HEAD && git push -u origin feature/reject-all",
            '[feature/reject-all 0b6e4d9] Revert "WH-226 Add Reject all on receipts"\n 3 files changed, 1 insertion(+), 44 deletions(-)\n'
            "To github.com:siamkitchen/stock-odoo.git\n * [new branch]      feature/reject-all -> feature/reject-all",
            desc="Revert and push",
        ),
    )
    s.say("Reverted in a new commit and pushed; Reject all is gone.")
    s.outcome("failed", "Reject all built and green, but the person rejects it after trying it; reverted")
    return s


SESSIONS = [
    o01_qc_model,
    o02_picking_button,
    o03_qc_tour,
    o04_qc_reason,
    o05_barcode_dockerfile,
    o06_qc_state_field,
    o07_reject_zero_tests,
    o08_reject_reason_ui,
    o09_access_error_cnx,
    o10_morning_called_away,
    o11_count_mismatch,
    o12_fix_addons_path,
    o13_qc_report,
    o14_fix_company_default,
    o15_reject_all_rejected,
]
