printf 'echo "from stdin $0"\n' | bash
