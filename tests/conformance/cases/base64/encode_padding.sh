for s in a ab abc abcd; do printf %s "$s" | base64; done
