printf 'a1\nb22\nc.d\n' > f
grep -E '[0-9]{2}' f
grep -F . f
grep -o '[0-9]' f
