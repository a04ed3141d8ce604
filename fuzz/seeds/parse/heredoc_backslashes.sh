cat <<EOF
a\\b \"q\" \` \x
line\
joined
EOF
