mkdir -p p/q
printf '12345' > p/a
printf '123' > p/q/b
shopt -s globstar
total=0
for f in p/**; do
  [[ -f $f ]] || continue
  size=$(wc -c < "$f")
  total=$((total + size))
  echo "$f $size"
done
echo "total $total"
