# The bodies of here-documents are read after the whole line, so a
# substitution written after the operator belongs to the line.
cat <<EOF; echo "${HOME:+set} $(echo a
echo b)" $((2 * 3)) ${u:-$(echo dflt)}
body
EOF
cat <<-A >out.txt; n=$(echo n1); echo "$n"
	first
	A
cat out.txt
tr a-z A-Z <<X | sed "s/^/$(echo pre):/"
lower
X
