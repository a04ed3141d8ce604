shopt -s lastpipe
f() {
  printf '%s\n' a b | while read -r l; do
    [[ $l == b ]] && return 3
  done
  echo unreachable
}
f
echo "f=$?"
printf 'x\n' | { read -r v; exit 4; }
echo "not reached"
