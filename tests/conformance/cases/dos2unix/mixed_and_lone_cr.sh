printf 'a\r\nb\nc\rd\r\r\n' | dos2unix | od -c
