printf 'legacy\n' | xz --format=lzma | xz -dc; echo "status $?"
