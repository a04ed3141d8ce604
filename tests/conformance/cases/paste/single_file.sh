printf 'only\n' | paste
