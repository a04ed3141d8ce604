exit 256
