printf 'aGVs\nbG8K\n\n' | base64 -d; echo "status $?"
