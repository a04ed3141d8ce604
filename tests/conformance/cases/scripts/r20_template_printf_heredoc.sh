# templating: printf formats, here-documents with expansions, quoted delimiters
render_header() {
  local title=$1 width=${2:-30}
  local line
  printf -v line '%*s' "$width" ''
  line=${line// /=}
  printf '%s\n%*s\n%s\n' "$line" $(( (width + ${#title}) / 2 )) "$title" "$line"
}
name=widget version=1.4.2
deps=(libfoo libbar "lib baz")
render_header "Release notes" 24
cat <<EOF2
Package: $name
Version: ${version}
Major:   ${version%%.*}
Deps:    ${#deps[@]} ($(IFS=,; echo "${deps[*]}"))
Literal: \$name and \`cmd\` stay literal
EOF2
cat <<'RAW'
Raw: $name ${version} $(echo no) stay as typed
RAW
printf '%-8s|%5s|%-6s\n' item qty price
while IFS=: read -r item qty price; do
  printf '%-8s|%5d|%6.2f\n' "$item" "$qty" "$price"
done <<ITEMS
bolt:120:0.05
nut:80:0.04
washer:${#deps[@]}:0.5
ITEMS
printf -v summary 'total lines: %d' 3
echo "$summary"
cat <<-TABS
	indented with tabs: $name
		still stripped
	TABS
