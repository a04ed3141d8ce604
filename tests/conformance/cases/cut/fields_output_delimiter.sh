printf 'a:b:c:d\n' | cut -d: -f1,3-4 --output-delimiter=' | '
