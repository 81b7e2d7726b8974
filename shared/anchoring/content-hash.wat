;; MurmurHash3_x64_128, seed 0 (Austin Appleby's public-domain reference, MurmurHash3.cpp),
;; streamed: `blocks` takes whole 16-byte blocks from memory[0, len) and `finish` the rest.
;; The binary is embedded in content-hash.ts; test/content-hash.test.ts compiles this file and
;; checks that the embedded bytes are exactly what it gives.
(module
  (memory (export "memory") 1)
  (global $h1 (mut i64) (i64.const 0))
  (global $h2 (mut i64) (i64.const 0))

  (func $mixK1 (param $k i64) (result i64)
    (i64.mul (i64.rotl (i64.mul (local.get $k) (i64.const 0x87c37b91114253d5)) (i64.const 31)) (i64.const 0x4cf5ad432745937f)))
  (func $mixK2 (param $k i64) (result i64)
    (i64.mul (i64.rotl (i64.mul (local.get $k) (i64.const 0x4cf5ad432745937f)) (i64.const 33)) (i64.const 0x87c37b91114253d5)))
  (func $fmix (param $k i64) (result i64)
    (local.set $k (i64.mul (i64.xor (local.get $k) (i64.shr_u (local.get $k) (i64.const 33))) (i64.const 0xff51afd7ed558ccd)))
    (local.set $k (i64.mul (i64.xor (local.get $k) (i64.shr_u (local.get $k) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
    (i64.xor (local.get $k) (i64.shr_u (local.get $k) (i64.const 33))))

  (func (export "reset")
    (global.set $h1 (i64.const 0))
    (global.set $h2 (i64.const 0)))

  ;; len: a multiple of 16
  (func (export "blocks") (param $len i32)
    (local $i i32) (local $h1 i64) (local $h2 i64)
    (local.set $h1 (global.get $h1))
    (local.set $h2 (global.get $h2))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $h1 (i64.xor (local.get $h1) (call $mixK1 (i64.load (local.get $i)))))
        (local.set $h1 (i64.add (i64.mul (i64.add (i64.rotl (local.get $h1) (i64.const 27)) (local.get $h2)) (i64.const 5)) (i64.const 0x52dce729)))
        (local.set $h2 (i64.xor (local.get $h2) (call $mixK2 (i64.load offset=8 (local.get $i)))))
        (local.set $h2 (i64.add (i64.mul (i64.add (i64.rotl (local.get $h2) (i64.const 31)) (local.get $h1)) (i64.const 5)) (i64.const 0x38495ab5)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $next)))
    (global.set $h1 (local.get $h1))
    (global.set $h2 (local.get $h2)))

  ;; The last 0-15 bytes are at memory[0, tail) and memory[tail, 16) is zero, so two
  ;; little-endian loads equal the reference's byte-by-byte assembly. Leaves h1, h2 at 0 and 8.
  (func (export "finish") (param $tail i32) (param $total f64)
    (local $h1 i64) (local $h2 i64) (local $n i64)
    (local.set $h1 (global.get $h1))
    (local.set $h2 (global.get $h2))
    (if (i32.gt_u (local.get $tail) (i32.const 8))
      (then (local.set $h2 (i64.xor (local.get $h2) (call $mixK2 (i64.load offset=8 (i32.const 0)))))))
    (if (i32.gt_u (local.get $tail) (i32.const 0))
      (then (local.set $h1 (i64.xor (local.get $h1) (call $mixK1 (i64.load (i32.const 0)))))))
    (local.set $n (i64.trunc_f64_u (local.get $total)))
    (local.set $h1 (i64.xor (local.get $h1) (local.get $n)))
    (local.set $h2 (i64.xor (local.get $h2) (local.get $n)))
    (local.set $h1 (i64.add (local.get $h1) (local.get $h2)))
    (local.set $h2 (i64.add (local.get $h2) (local.get $h1)))
    (local.set $h1 (call $fmix (local.get $h1)))
    (local.set $h2 (call $fmix (local.get $h2)))
    (local.set $h1 (i64.add (local.get $h1) (local.get $h2)))
    (local.set $h2 (i64.add (local.get $h2) (local.get $h1)))
    (i64.store (i32.const 0) (local.get $h1))
    (i64.store offset=8 (i32.const 0) (local.get $h2))))
