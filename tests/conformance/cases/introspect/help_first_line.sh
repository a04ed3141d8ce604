help cd | head -1
help echo | head -1
