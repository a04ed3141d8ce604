printf '\nab\n\n' | rev | sed -n l
