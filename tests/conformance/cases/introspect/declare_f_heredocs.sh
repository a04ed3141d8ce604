f() { cat <<EOF
hello $x
EOF
cat <<-"E2" | tr a b
	quoted
	E2
echo after; }
g() { cat 3<<E
x
E
}
declare -f f g
