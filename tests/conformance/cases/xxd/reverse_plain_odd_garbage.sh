printf '4865zz6c6c6f0a\n' | xxd -r -p | od -c
