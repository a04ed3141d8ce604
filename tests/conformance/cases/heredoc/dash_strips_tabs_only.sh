cat <<-EOF
	tab stripped
    spaces kept
	EOF
