# What `read` does not consume stays in the stream for the next reader:
# the next `read`, `cat`, a loop; with -n, -N, -d, -u and backslashes.
printf 'a b\nc\\\nd e\nrest1\nrest2\n' | { read x y; echo "[$x][$y]"; read -r z; echo "[$z]"; read w; echo "[$w]"; cat; }
printf 'abcdef\n' | { read -n 3 a; echo "[$a]"; cat; }
printf 'ab\ncd' | { read -N 4 a; echo "[$a]"; cat; }
printf 'x:y:z' | { read -d : a; echo "[$a]"; read -d : b; echo "[$b]"; read -d : c; echo "[$c] $?"; }
printf 'l1\nl2\nl3\n' > /tmp/rest_f; exec 4</tmp/rest_f; read -u 4 q; echo "[$q]"; cat <&4
while read -r line; do echo "got $line"; done <<< $'1\n2\n3'
printf 'a\\' | { read v; echo "[$v] $?"; }
read -n 0 e <<< abc; echo "[$e] $?"
seq 1 100000 | { read first; read second; wc -l; }
