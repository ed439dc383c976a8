package core

import "testing"

// benchFENs is the fixed set of positions the FEN benchmarks run over.
var benchFENs = []struct{ name, fen string }{
	{"start", StartFEN},
	{"kiwipete", kiwipete},
	{"cpw-pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
	{"cpw-pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
	{"cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
	{"article", articleFEN},
}

var (
	sinkPos Position
	sinkStr string
	sinkBuf []byte
	sinkErr error
)

func BenchmarkParseFEN(b *testing.B) {
	for _, bf := range benchFENs {
		b.Run(bf.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPos, sinkErr = ParseFEN(bf.fen)
			}
		})
	}
}

func BenchmarkFEN(b *testing.B) {
	for _, bf := range benchFENs {
		p, _ := ParseFEN(bf.fen)
		b.Run(bf.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStr = p.FEN()
			}
		})
	}
}

func BenchmarkAppendFEN(b *testing.B) {
	for _, bf := range benchFENs {
		p, _ := ParseFEN(bf.fen)
		buf := make([]byte, 0, 128)
		b.Run(bf.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = p.AppendFEN(buf[:0])
			}
			sinkBuf = buf
		})
	}
}

func BenchmarkWarnings(b *testing.B) {
	p, _ := ParseFEN(kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.Warnings()
	}
}
