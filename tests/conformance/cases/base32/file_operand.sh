printf 'file\n' > f
base32 f > e; cat e; base32 -d e
