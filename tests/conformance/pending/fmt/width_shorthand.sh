printf 'aa bb cc dd ee ff\n' | fmt -8
