printf '"hello"\nprint "a\\tb\\n"\n"line\\n"\n' | bc
