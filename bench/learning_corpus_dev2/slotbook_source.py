"""Source snippets of the imaginary slotbook repositories that sessions Read and Edit."""

SERVICE_GO = """package booking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/slotbook/slotbook-api/internal/db"
)

var ErrSlotTaken = errors.New("slot already booked")

type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func (s *Service) CreateBooking(ctx context.Context, in NewBooking) (db.Booking, error) {
	n, err := s.q.CountOverlapping(ctx, db.CountOverlappingParams{
		RoomID:   in.RoomID,
		StartsAt: in.StartsAt,
		EndsAt:   in.EndsAt,
	})
	if err != nil {
		return db.Booking{}, fmt.Errorf("count overlapping: %w", err)
	}
	if n > 0 {
		return db.Booking{}, ErrSlotTaken
	}
	b, err := s.q.InsertBooking(ctx, db.InsertBookingParams{
		RoomID:   in.RoomID,
		UserID:   in.UserID,
		StartsAt: in.StartsAt,
		EndsAt:   in.EndsAt,
	})
	if err != nil {
		return db.Booking{}, fmt.Errorf("insert booking: %w", err)
	}
	return b, nil
}

func (s *Service) AvailableSlots(ctx context.Context, venueID int64, day time.Time) ([]Slot, error) {
	venue, err := s.q.GetVenue(ctx, venueID)
	if err != nil {
		return nil, fmt.Errorf("get venue %d: %w", venueID, err)
	}
	open := time.Date(day.Year(), day.Month(), day.Day(), int(venue.OpensHour), 0, 0, 0, time.UTC)
	end := time.Date(day.Year(), day.Month(), day.Day(), int(venue.ClosesHour), 0, 0, 0, time.UTC)
	return slotsBetween(open, end, time.Duration(venue.SlotMinutes)*time.Minute), nil
}"""

HEALTH_GO_ROUTES = """func (s *Server) routes() {
	s.mux.HandleFunc("GET /venues/{id}/slots", s.handleSlots)
	s.mux.HandleFunc("POST /bookings", s.handleCreateBooking)
	s.mux.HandleFunc("GET /bookings/{id}", s.handleGetBooking)
}"""

PLAYWRIGHT_CONFIG = """import { defineConfig, devices } from '@playwright/test'

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  use: {
    baseURL: 'http://localhost:5173',
    trace: 'on-first-retry',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'pnpm dev',
    url: 'http://localhost:5173',
    reuseExistingServer: !process.env.CI,
  },
})"""

BOOKING_SPEC = """import { test, expect } from '@playwright/test'

test('book a free slot', async ({ page }) => {
  await page.goto('/venues/kiel/book?date=2026-10-07')
  await expect(page.getByTestId('slot-list')).toBeVisible()
  await page.getByRole('button', { name: '10:00' }).click()
  await page.getByRole('button', { name: 'Book' }).click()
  await expect(page.getByText('Booked: Kiel, 10:00–11:00')).toBeVisible()
})"""

COMPOSE_YML = """services:
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: slotbook
      POSTGRES_PASSWORD: slotbook
      POSTGRES_DB: slotbook
    ports:
      - "5432:5432"
    volumes:
      - pgdata:/var/lib/postgresql/data
  api:
    build: .
    environment:
      DATABASE_URL: postgres://slotbook:slotbook@db:5432/slotbook?sslmode=disable
    ports:
      - "8080:8080"
    depends_on:
      - db
volumes:
  pgdata:"""

USE_BOOKINGS_TS = """import { useEffect, useState } from 'react'
import { api } from '../lib/api'
import type { Booking } from '../types'

export function useBookings(userId: string) {
  const [bookings, setBookings] = useState<Booking[]>([])
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    api.get<Booking[]>(`/users/${userId}/bookings`).then(setBookings, (e) => setError(String(e)))
  }, [userId])

  return { bookings, error }
}"""

STORE_TS = """import { create } from 'zustand'
import { api } from '../lib/api'
import type { Booking } from '../types'

type BookingsSlice = {
  bookings: Booking[]
  loading: boolean
  error: string | null
  load: (userId: string) => Promise<void>
}

export const useBookingsStore = create<BookingsSlice>((set) => ({
  bookings: [],
  loading: false,
  error: null,
  load: async (userId) => {
    set({ loading: true })
    try {
      set({ bookings: await api.get<Booking[]>(`/users/${userId}/bookings`), loading: false })
    } catch (e) {
      set({ error: String(e), loading: false })
    }
  },
}))"""

API_TS = """export class ApiError extends Error {
  constructor(public status: number, message: string) {
    super(message)
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${import.meta.env.VITE_API_URL}${path}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'include',
  })
  if (!res.ok) throw new ApiError(res.status, await res.text())
  return res.status === 204 ? (undefined as T) : res.json()
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  del: (path: string) => request<void>('DELETE', path),
}"""

ROOMS_SQL = """-- name: GetRoom :one
SELECT id, venue_id, name FROM rooms WHERE id = $1;

-- name: ListRoomsByVenue :many
SELECT id, venue_id, name FROM rooms WHERE venue_id = $1 ORDER BY name;"""

CONTRIBUTING_MD = """# Contributing to slotbook-web

Thanks for helping! A few conventions:

- Branch from `main`, name branches `feat/…`, `fix/…` or `chore/…`.
- Always squash-merge pull requests into main.
- Run `pnpm lint && pnpm typecheck && pnpm test` before opening a PR.
- Changelog entries go under `## Unreleased` in CHANGELOG.md, newest first.
- UI strings live in `src/i18n/{de,en}.json`; add both."""

# After the "move everything to sqlc" refactor (week 3): the tx + row lock is gone, replaced by one
# INSERT ... WHERE NOT EXISTS query that looks atomic but still races under READ COMMITTED.
SERVICE_GO_V2 = """func (s *Service) CreateBooking(ctx context.Context, in NewBooking) (db.Booking, error) {
	b, err := s.q.InsertBookingIfFree(ctx, db.InsertBookingIfFreeParams{
		RoomID:   in.RoomID,
		UserID:   in.UserID,
		StartsAt: in.StartsAt,
		EndsAt:   in.EndsAt,
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Booking{}, ErrSlotTaken
	}
	if err != nil {
		return db.Booking{}, fmt.Errorf("insert booking: %w", err)
	}
	return b, nil
}"""

INSERT_IF_FREE_SQL = """-- name: InsertBookingIfFree :one
INSERT INTO bookings (room_id, user_id, starts_at, ends_at)
SELECT $1, $2, sqlc.arg(starts_at), sqlc.arg(ends_at)
WHERE NOT EXISTS (
  SELECT 1 FROM bookings
  WHERE room_id = $1 AND cancelled_at IS NULL
    AND starts_at < sqlc.arg(ends_at) AND ends_at > sqlc.arg(starts_at)
)
RETURNING *;"""

AVAILABLE_SLOTS_GO = """func (s *Service) AvailableSlots(ctx context.Context, venueID int64, day time.Time) ([]Slot, error) {
	venue, err := s.q.GetVenue(ctx, venueID)
	if err != nil {
		return nil, fmt.Errorf("get venue %d: %w", venueID, err)
	}
	open := time.Date(day.Year(), day.Month(), day.Day(), int(venue.OpensHour), 0, 0, 0, time.UTC)
	end := time.Date(day.Year(), day.Month(), day.Day(), int(venue.ClosesHour), 0, 0, 0, time.UTC)
	return slotsBetween(open, end, time.Duration(venue.SlotMinutes)*time.Minute), nil
}"""
