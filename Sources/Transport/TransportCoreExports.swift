// The transports implement TransportCore's protocol; users of a transport get its types too.
@_exported import TransportCore
