iconv -l | grep -x -e 'UTF-8//' -e 'UTF-16LE//' -e 'UTF-16BE//' -e 'UTF-32//' -e 'ISO-8859-1//' -e 'ISO-8859-15//' -e 'WINDOWS-1252//' -e 'ASCII//' -e 'UTF-16//'
echo "status ${PIPESTATUS[0]}"
