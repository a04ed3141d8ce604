service=web port=8080
upstreams=(10.0.0.1 10.0.0.2)
{
  echo "server {"
  echo "    listen $port;"
  for u in "${upstreams[@]}"; do
    printf '    upstream %s:%d;\n' "$u" "$port"
  done
  echo "}"
} > "$service.conf"
cat web.conf
