printf 'one\ntwo\n' | tee >(wc -l) > /dev/null | tr -d ' '
