printf 'abc' > a; : > e; seq 1 1000 > n
cksum a e n
