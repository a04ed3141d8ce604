printf 'a:1\n' > f1; printf 'b:2\n' > f2
cut -d: -f2 f1 - f2 < f1
