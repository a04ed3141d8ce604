cat > app.ini <<'EOF'
# comment
[server]
host = example.org
port=8080

[client]
retries = 3
EOF
declare -A cfg
section=
while IFS= read -r line || [[ -n $line ]]; do
  line=${line%%#*}
  [[ $line =~ ^[[:space:]]*$ ]] && continue
  if [[ $line =~ ^\[(.*)\]$ ]]; then section=${BASH_REMATCH[1]}; continue; fi
  key=${line%%=*}; val=${line#*=}
  key=${key//[[:space:]]/}
  val=${val#"${val%%[![:space:]]*}"}
  cfg[$section.$key]=$val
done < app.ini
for k in $(printf '%s\n' "${!cfg[@]}" | sort); do echo "$k=${cfg[$k]}"; done
