printf 'ab  cd  ef\n' | unexpand -t 4 | sed -n l
