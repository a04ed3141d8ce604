printf 'abc' > f
b2sum -l 256 f; b2sum -l 128 --tag f
b2sum -l 256 f > s; b2sum -c s
