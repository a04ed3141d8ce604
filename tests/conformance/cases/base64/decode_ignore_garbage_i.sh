printf 'aGVs*bG8K!!\n' | base64 -d -i; echo "status $?"
