printf 'a:b:c:d\n' | cut -d: --complement -f 2
