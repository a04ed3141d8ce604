printf 'streamed\n' | zip -q t.zip -; echo "status $?"
unzip -p t.zip
