printf 'dash\n' | base64 -
