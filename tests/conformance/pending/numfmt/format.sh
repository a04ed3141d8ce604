numfmt --format='%08.2f' 3.14159; numfmt --format='[%10f]' 42
