package model

import (
	"strings"
	"testing"
)

func TestShiftOpsTable(t *testing.T) {
	if len(ShiftOps) != 8 {
		t.Errorf("%d shift ops, want 8", len(ShiftOps))
	}
	for _, op := range ShiftOps {
		raw := strings.Contains(op.Label, "raw") || op.By == 8 || op.By == -8
		if raw != (op.Mask == 0) {
			t.Errorf("%q: mask %#x", op.Label, uint64(op.Mask))
		}
	}
}
