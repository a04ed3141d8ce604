# check-stderr
printf 'a b c\n' | { read -r -a arr -d '' ; declare -p arr; }
printf 'x:y\n' | { IFS=: read -ra parts; declare -p parts; }
printf 'abcdef' | { read -n3 -r v; echo "$v"; }
printf 'abcdef' | { read -rN 4 v; echo "$v"; }
printf 'line1\nline2' | { read -d '' -r all; echo "$all"; }
printf 'q\n' | { read -p 'prompt: ' v; echo "$v"; }
printf 'q\n' | { read -s -r v; echo "$v"; }
printf 'q\n' | { read -e v 2>&1; echo "$v"; }
printf 'q\n' | { read -i init v; echo "$v"; }
read -t 0 < /dev/null; echo "t0=$?"
printf 'x\n' > f; read -u 3 v 3< f; echo "$v"
read -rd; echo "st=$?"
read -a; echo "st=$?"
read -u; echo "st=$?"
read -t; echo "st=$?"
read -n; echo "st=$?"
read -Q; echo "st=$?"
printf '1\n2\n3\n4\n' > g
mapfile -t -s 1 -n 2 a < g; declare -p a
mapfile -O 5 -t b < g; declare -p b
mapfile -d '' c < <(printf 'a\0b\0'); declare -p c
mapfile -tc 2 -C 'echo cb' d < g
mapfile -u 4 e 4< g; echo "${#e[@]}"
mapfile -s x f < g; echo "st=$?"
mapfile -O -1 f < g; echo "st=$?"
mapfile -c 0 -C echo f < g; echo "st=$?"
