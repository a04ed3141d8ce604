mkdir 'my dir'; rmdir -v 'my dir'
