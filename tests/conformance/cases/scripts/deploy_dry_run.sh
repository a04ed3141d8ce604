DRY_RUN=1
run() {
  if (( DRY_RUN )); then printf 'would run:'; printf ' %q' "$@"; echo; else "$@"; fi
}
hosts=(web1 web2)
for h in "${hosts[@]}"; do
  run scp "release 1.0.tar" "$h:/srv/"
  run ssh "$h" "systemctl restart app"
done
