printf 'abc' > a; : > e; seq 1 3000 > n
sum a e n
sum -s a e n
