printf '1\n' > a
sha256sum a | sha256sum -c; echo "status $?"
sha256sum a | sha256sum -c -; echo "status $?"
