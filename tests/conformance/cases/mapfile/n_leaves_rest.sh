printf '1\n2\n3\n' | { mapfile -t -n 1 a; read -r rest; echo "a=${a[0]} rest=$rest"; }
printf 'a\nb\nc\nd\n' > f
{ mapfile -t -n 2 x; mapfile -t y; } < f
echo "${x[*]} | ${y[*]}"
