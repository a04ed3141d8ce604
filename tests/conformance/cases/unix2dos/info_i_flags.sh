printf 'a\r\nb\n' > mixed; printf 'a\r\n' > dos; printf 'u\n' > unix
unix2dos -i mixed dos unix; echo "status $?"
unix2dos -ic mixed dos unix
unix2dos -ihc mixed dos unix
unix2dos --info=m mixed
od -c unix
