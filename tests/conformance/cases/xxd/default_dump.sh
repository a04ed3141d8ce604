printf 'Hello, xxd! This line is longer than sixteen bytes.\n' | xxd; echo "status $?"
