printf 'apple\nbanana\ncherry\nApple pie\n' > f
grep an f
grep -v an f
grep -c a f
grep -i apple f
grep -n e f
