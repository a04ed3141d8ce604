printf '\101\x42\u0043\n'
