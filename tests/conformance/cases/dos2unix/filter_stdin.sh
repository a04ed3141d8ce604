printf 'x\r\ny\r\nz' | dos2unix | od -c
