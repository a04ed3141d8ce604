cat <<-EOF
	tab-indented
		two tabs
	EOF
