# Arithmetic and its precedence.
awk 'BEGIN { print 1 + 2 * 3, (1 + 2) * 3, 2 ^ 3 ^ 2, -2 ^ 2, 7 % 3, -7 % 3, 10 / 4 }'
awk 'BEGIN { x = 5; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; print x; y = 2; y ^= 3; print y }'
awk 'BEGIN { i = 1; print i++, i, ++i, i--, --i }'
awk 'BEGIN { print 1e3, 0.1 + 0.2, 1 / 3, int(-3.7), int("12abc") }'
