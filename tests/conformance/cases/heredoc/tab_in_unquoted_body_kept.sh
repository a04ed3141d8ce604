printf 'cat <<EOF\n\tkeep\nEOF\n' > s.sh
source ./s.sh | od -An -c
