statuses=(200 404 200 500 301 200 503)
ok=0 redirect=0 client=0 server=0
for s in "${statuses[@]}"; do
  case $s in
    2??) ((ok++)) ;;
    3??) ((redirect++)) ;;
    4??) ((client++)) ;;
    5??) ((server++)) ;;
  esac
done
echo "ok=$ok redirect=$redirect client=$client server=$server"
